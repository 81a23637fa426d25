// `npm run test:e2e [-- playwright args]`: the end-to-end suite on its own (see playwright.config.ts).
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
