// npm run db:migrate: applies pending migrations to the configured database
// and exits. (The server also migrates at start.)
import { readConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";

const config = readConfig();
const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrate(handle);
  console.log(
    applied.length ? `Applied ${applied.join(", ")} to ${handle.description}` : `${handle.description} is up to date`,
  );
} finally {
  await handle.close();
}
