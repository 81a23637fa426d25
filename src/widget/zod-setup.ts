import { z } from 'zod';

/*
 * Imported first by main.tsx, before any schema exists: zod compiles object parsers with
 * `new Function` unless told not to, and the page's CSP allows no eval (it would only log a
 * refusal and fall back, but the widget never asks).
 */
z.config({ jitless: true });
