/**
 * `npm run data-import -- --file care-export.zip`: loads an export (of any backend) into the
 * configured database (DATABASE_URL or the embedded one under DATA_DIR), which must be empty (a first
 * start's defaults and at most one account). Every record is checked first; any problem is listed and
 * nothing is written. Passwords are never exported: the accounts' one-time passwords are printed once,
 * and each user chooses their own at the first sign-in.
 */
import { importData } from "../data-export/import-data.ts";
import { runCommand } from "./run-command.ts";

await runCommand({
  usage: "Usage: npm run data-import -- --file <export.zip>",
  options: ["file"],
  required: ["file"],
  run: async ({ file }, database) => {
    const result = await importData(database, null, { archivePath: file! });
    const records = Object.values(result.counts).reduce((sum, n) => sum + n, 0);
    console.info(`Imported ${records} records and ${result.files} files.`);
    if (result.users.length > 0) {
      console.info("One-time passwords, shown only this once (each user chooses their own at the first sign-in):");
      for (const user of result.users)
        console.info(`  ${user.email}${user.active ? "" : " (inactive)"}: ${user.oneTimePassword}`);
    }
    return 0;
  },
});
