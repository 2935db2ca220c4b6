"""Sign-in and registration start a session only for a request that passes the CSRF check
(the same Origin and token check as every other session write); any other gets the token
alone, so a form on another site cannot sign a browser in, and token clients still can."""

import pytest
from rest_framework.test import APIClient

from tests.helpers import PASSWORD

EVIL = "http://evil.example"
SITE = "http://testserver"


@pytest.fixture
def browser() -> APIClient:
    """A browser: cookies kept, CSRF enforced as in production."""
    return APIClient(enforce_csrf_checks=True)


def sign_in(client, how: str, **headers):
    if how == "login":
        body = {"username": "alice", "password": PASSWORD}
    else:
        body = {"username": "mallory", "password": PASSWORD}
    # A cross-site <form> posts form fields, not JSON.
    return client.post(f"/api/auth/{how}", body, **headers)


@pytest.mark.parametrize("how", ["login", "register"])
def test_a_form_on_another_site_does_not_sign_the_browser_in(browser, alice, how):
    sign_in(browser, how, HTTP_ORIGIN=EVIL)

    assert browser.get("/api/auth/me").status_code in (401, 403)


@pytest.mark.parametrize("how", ["login", "register"])
def test_a_form_with_a_stolen_looking_cookie_but_no_token_does_not_sign_in(browser, alice, how):
    browser.get("/api/auth/csrf")  # the cookie exists, but the page can't read it
    sign_in(browser, how, HTTP_ORIGIN=EVIL)

    assert browser.get("/api/auth/me").status_code in (401, 403)


@pytest.mark.parametrize("how", ["login", "register"])
def test_the_web_app_signs_in_with_its_csrf_token(browser, alice, how):
    browser.get("/api/auth/csrf")
    token = browser.cookies["csrftoken"].value

    response = sign_in(browser, how, HTTP_ORIGIN=SITE, HTTP_X_CSRFTOKEN=token)

    assert response.status_code in (200, 201)
    assert browser.get("/api/auth/me").status_code == 200


@pytest.mark.parametrize("how", ["login", "register"])
def test_a_token_client_without_cookies_still_signs_in(alice, how):
    client = APIClient(enforce_csrf_checks=True)
    body = {"username": "alice" if how == "login" else "mallory", "password": PASSWORD}

    response = client.post(f"/api/auth/{how}", body, format="json")

    assert response.status_code in (200, 201)
    assert client.get("/api/auth/me").status_code in (401, 403)  # no session was signed in
    me = APIClient(HTTP_AUTHORIZATION=f"Token {response.json()['token']}").get("/api/auth/me")
    assert me.status_code == 200
