// A Kysely dialect that tells the storage health what every query met: a
// failure for lack of space, and a write that reached the disk. Beneath the
// query layer, so no writer (contact, leases, checks, the outbox) can forget.
// A write that found no space is thrown as a StorageFullError.
// A write inside a transaction counts only once its commit succeeds (SQLite
// may take the insert and then fail the commit); a read counts for nothing.
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from "kysely";
import { StorageFullError, type StorageHealth } from "./storage-health.ts";

const WRITES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  /** A write succeeded inside the open transaction: its commit is a write reaching the disk. */
  wroteInTransaction = false;
  /** A query of the open transaction found no space: SQLite has rolled the transaction back itself. */
  fullInTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly storage: StorageHealth,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const result = await this.inner.executeQuery<R>(query);
      if (WRITES.has(query.query.kind)) {
        if (this.inTransaction) this.wroteInTransaction = true;
        else this.storage.observeWrite();
      }
      return result;
    } catch (error) {
      if (!this.storage.observeFailure(error)) throw error;
      if (this.inTransaction) this.fullInTransaction = true;
      throw new StorageFullError(error);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

function watchDriver(driver: Driver, storage: StorageHealth): Driver {
  // One wrapper per connection the driver hands out, so its transaction flag lasts as long as the connection.
  const wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();
  const inner = (connection: DatabaseConnection) => (connection as WatchedConnection).inner ?? connection;
  return new Proxy(driver, {
    get(target, property, receiver) {
      switch (property) {
        case "acquireConnection":
          return async () => {
            const connection = await target.acquireConnection();
            let wrapper = wrappers.get(connection);
            if (!wrapper) wrappers.set(connection, (wrapper = new WatchedConnection(connection, storage)));
            return wrapper;
          };
        case "releaseConnection":
          return (connection: DatabaseConnection) => target.releaseConnection(inner(connection));
        case "beginTransaction":
          return async (connection: WatchedConnection, settings: TransactionSettings) => {
            await target.beginTransaction(connection, settings);
            connection.inTransaction = true;
            connection.wroteInTransaction = false;
            connection.fullInTransaction = false;
          };
        case "commitTransaction":
          return async (connection: WatchedConnection) => {
            // Still in the transaction while the commit runs: a commit that finds no space is the transaction's.
            await target.commitTransaction(connection);
            connection.inTransaction = false;
            if (connection.wroteInTransaction) storage.observeWrite();
          };
        case "rollbackTransaction":
          return async (connection: WatchedConnection) => {
            const full = connection.fullInTransaction;
            connection.inTransaction = false;
            try {
              await target.rollbackTransaction(connection);
            } catch (error) {
              // "cannot rollback - no transaction is active": SQLite undid it when the disk was full. Thrown, it would
              // hide the reason (the caller would answer 500 where it can say "no space").
              if (!full) throw error;
            }
          };
        default: {
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === "function" ? value.bind(target) : value;
        }
      }
    },
  });
}

/** The dialect, its queries watched by `storage`. */
export function watchedDialect(dialect: Dialect, storage: StorageHealth): Dialect {
  return {
    createDriver: () => watchDriver(dialect.createDriver(), storage),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
