/**
 * `npm run data-export -- --out care-export.zip [--facilities tull,newman]`: the full data export of
 * Settings → Export and import, from the configured database (DATABASE_URL or the embedded one under
 * DATA_DIR), written to a file: every collection as JSON and CSV, the audit log and every file, with
 * its manifest. Whoever may open the database may take it, so it needs no account; it is audited
 * ("command line"). Written like the server's export (a temporary file, then copied to --out): memory
 * stays flat however large the group. No other request waits on it, so its time limit is generous.
 */
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { exportData } from "../data-export/export-data.ts";
import { idList, runCommand } from "./run-command.ts";

await runCommand({
  usage: "Usage: npm run data-export -- --out <file.zip> [--facilities id1,id2]",
  options: ["out", "facilities"],
  required: ["out"],
  run: async ({ out, facilities }, database) => {
    const exported = await exportData(database, null, {
      facilityIds: idList(facilities),
      timeLimitMs: 6 * 60 * 60_000,
    });
    await pipeline(exported.stream, createWriteStream(out!));
    console.info(`Exported to ${out}.`);
    return 0;
  },
});
