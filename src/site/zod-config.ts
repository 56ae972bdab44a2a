/**
 * The site validates with `zod/mini` (decision 0077): the same checks as the builder's zod, a
 * third of its size in the app's script, and cheaper to build as modules load. It carries no
 * messages of its own, so the English ones are set here, as the full zod sets them.
 *
 * zod compiles parsers with `new Function` unless told not to, and the page's CSP allows no eval
 * (docs/security.md): even zod's caught probe is reported as a violation. main.tsx imports this
 * first, because modules parse with zod as they load (DEFAULT_SETTINGS); the engine's worker
 * imports it first too (it checks transcripts).
 */
import { z } from 'zod/mini';
import english from 'zod/v4/locales/en.js';

z.config({ ...english(), jitless: true });
