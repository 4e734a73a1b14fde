/**
 * Zod compiles object parsers with `new Function` when it may, and probes whether it may the first
 * time it parses; under the server's Content-Security-Policy (no 'unsafe-eval') that probe is a CSP
 * violation in the console. The entry imports this module first, so zod runs jitless before any parse.
 */
import { z } from "zod";

z.config({ jitless: true });
