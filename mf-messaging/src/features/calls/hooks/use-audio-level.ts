import { useEffect, useState } from 'react';

/**
 * The microphone's input level, 0 to 100, measured about ten times a second from the track's
 * loudness (RMS of the waveform), for the pre-call meter.
 */
export function useAudioLevel(track: MediaStreamTrack | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!track) return;
    const context = new AudioContext();
    // Started without a click of its own, the context may begin suspended; the page already
    // had the user's click that opened it, so resuming is allowed.
    void context.resume().catch(() => undefined);
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const rms = Math.sqrt(sum / samples.length);
      // -60 dBFS and below reads as silence, 0 dBFS as full scale.
      const db = 20 * Math.log10(Math.max(rms, 1e-6));
      setLevel(Math.round(Math.max(0, Math.min(100, ((db + 60) / 60) * 100))));
    }, 100);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close();
    };
  }, [track]);
  return level;
}
