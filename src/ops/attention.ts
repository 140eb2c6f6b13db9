// How the console calls for attention: the number of waiting claims in the tab title, and a short chime.
const TITLE = 'Exchanger Ops';

export function showAttentionInTitle(count: number): void {
  document.title = count > 0 ? `(${count}) ${TITLE}` : TITLE;
}

let audio: AudioContext | null = null;

/** Two short tones made on the spot (no sound file to load). Silent where the browser allows no audio yet. */
export function playChime(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1320],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.16);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.16);
    }
  } catch {
    // No audio output: the title still counts.
  }
}
