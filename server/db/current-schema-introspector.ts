// Which tables exist, as Kysely's Migrator asks it on PostgreSQL: in the
// connection's own schema only. Kysely's introspector reads the columns of
// every schema's tables with a call per column (half of a migration's time,
// more with many schemas in one database, as the tests have) and fails when
// another process drops a schema meanwhile; the Migrator only wants names.
import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from "kysely";

/** Kysely's own tables (the Migrator's record and lock). */
const INTERNAL_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalogue is no table of the schema's types
    private readonly db: Kysely<any>,
    private readonly kyselys: DatabaseIntrospector,
  ) {}

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.kyselys.getSchemas();
  }

  /** Tables and views of the current schema, by name; their columns are not read. */
  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, ns.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname`.execute(this.db);
    return rows
      .filter((row) => options.withInternalKyselyTables || !INTERNAL_TABLES.has(row.name))
      .map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === "v", columns: [] }));
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, with the introspection above. */
export class PostgresInCurrentSchema extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db, super.createIntrospector(db));
  }
}
