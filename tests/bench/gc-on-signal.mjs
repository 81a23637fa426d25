// Bench only: preloaded (with --expose-gc) into the `cluster` bench's platform and echo processes
// (tests/bench/cluster.ts), so SIGUSR2 makes a process collect its garbage before an RSS reading.
// With BENCH_MEMORY_DIR set, it then writes process.memoryUsage() (after the collections) to
// <dir>/<pid>.json: the JS heap beside the RSS the bench reads from /proc.
import { writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';

process.on('SIGUSR2', () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  const dir = process.env.BENCH_MEMORY_DIR;
  if (!dir) return;
  // Written aside and renamed: the bench never reads half a file.
  const file = join(dir, `${process.pid}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
  renameSync(`${file}.tmp`, file);
});
