import alertSoundUrl from './alert.wav';

let audio: HTMLAudioElement | null = null;

/**
 * Plays the alert for an incoming chat or a message out of view. One element is reused; the
 * browser may refuse to play before the user has interacted with the page: that is ignored (the
 * main process also raises a native notification).
 */
export function playAlert(): void {
  try {
    audio ??= new Audio(alertSoundUrl);
    audio.currentTime = 0;
    const playing = audio.play();
    if (playing) playing.catch(() => undefined);
  } catch {
    // No audio output, or playback refused synchronously.
  }
}
