// This device's table preferences, kept in localStorage: confirm each move, sound, vibration,
// and the Hint button where the game offers hints.
const KEY = "barkside.prefs";
const DEFAULTS = { confirmMoves: false, sound: false, vibrate: false, hints: true };

export function prefs() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch (err) {
    return { ...DEFAULTS };
  }
}

export function setPref(name, value) {
  localStorage.setItem(KEY, JSON.stringify({ ...prefs(), [name]: value }));
}

// A short beep and/or buzz when it becomes your turn, if wanted.
export function nudge() {
  const p = prefs();
  if (p.vibrate && navigator.vibrate) navigator.vibrate(120);
  if (!p.sound) return;
  try {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.onended = () => audio.close();
  } catch (err) { /* no audio: the turn banner says it */ }
}
