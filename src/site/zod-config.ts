/**
 * zod compiles parsers with `new Function` unless told not to, and the page's CSP allows no eval
 * (docs/security.md): even zod's caught probe is reported as a violation. main.tsx imports this
 * first, because modules parse with zod as they load (DEFAULT_SETTINGS).
 */
import { z } from 'zod';

z.config({ jitless: true });
