// Bench only: preloaded (with --expose-gc) into the `cluster` bench's platform and echo processes
// (tests/bench/cluster.ts), so SIGUSR2 makes a process collect its garbage before an RSS reading.
process.on('SIGUSR2', () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
});
