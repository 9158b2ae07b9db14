// Sounds of the game page, made with WebAudio (no sound files): a move, a capture, the
// player's turn coming round, and the player's clock running low. A mute switch is kept in localStorage.

/** What a sound announces (`low`: the player's clock is running low). */
export type SoundKind = "move" | "capture" | "turn" | "low";

const MUTED_KEY = "warlord:muted";

/** The notes of each sound: frequency (Hz), start and length (seconds), loudness. */
const NOTES: Record<SoundKind, { hz: number; at: number; len: number; gain: number }[]> = {
  move: [{ hz: 520, at: 0, len: 0.07, gain: 0.18 }],
  capture: [
    { hz: 300, at: 0, len: 0.09, gain: 0.25 },
    { hz: 180, at: 0.07, len: 0.14, gain: 0.25 },
  ],
  low: [
    { hz: 440, at: 0, len: 0.08, gain: 0.2 },
    { hz: 440, at: 0.15, len: 0.08, gain: 0.2 },
    { hz: 440, at: 0.3, len: 0.08, gain: 0.2 },
  ],
  turn: [
    { hz: 660, at: 0, len: 0.1, gain: 0.15 },
    { hz: 880, at: 0.11, len: 0.16, gain: 0.15 },
  ],
};

/** The page's sounds, silent while muted (and where the browser has no WebAudio). */
export class Sounds {
  private context: AudioContext | null = null;

  /** Whether the sounds are muted (remembered across visits). */
  get muted(): boolean {
    return localStorage.getItem(MUTED_KEY) === "1";
  }

  /** Mutes or unmutes the sounds, and remembers it. */
  set muted(on: boolean) {
    if (on) localStorage.setItem(MUTED_KEY, "1");
    else localStorage.removeItem(MUTED_KEY);
  }

  /** Plays a sound, unless muted. */
  play(kind: SoundKind): void {
    if (this.muted) return;
    // The sounds played, in words on the page (tests cannot hear): `move capture turn`.
    const body = document.body;
    body.dataset.sounds = `${body.dataset.sounds ?? ""} ${kind}`.trim().split(" ").slice(-20).join(" ");
    const ctx = this.audio();
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    for (const note of NOTES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = kind === "capture" ? "triangle" : "sine";
      osc.frequency.value = note.hz;
      gain.gain.setValueAtTime(note.gain, start + note.at);
      gain.gain.exponentialRampToValueAtTime(0.001, start + note.at + note.len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + note.at);
      osc.stop(start + note.at + note.len + 0.02);
    }
  }

  private audio(): AudioContext | null {
    if (this.context) return this.context;
    if (typeof AudioContext === "undefined") return null;
    try {
      this.context = new AudioContext();
    } catch {
      return null;
    }
    return this.context;
  }
}
