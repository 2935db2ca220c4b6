"""The project boots: the app shell and the API schema are served."""

import pytest


@pytest.mark.django_db
def test_home_page_is_served(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Barkside" in response.content.decode()


@pytest.mark.django_db
def test_api_schema_is_served(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"Barkside API" in response.content
