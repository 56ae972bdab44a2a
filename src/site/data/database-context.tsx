import { createContext, useContext, type ReactNode } from 'react';
import type { TrawlDatabase } from './database-types.ts';

const DatabaseContext = createContext<TrawlDatabase | null>(null);

/**
 * Provides the database to the page. The app passes the worker-backed one; component tests
 * pass one that runs the same SQL on a database the real builder made.
 */
export function DatabaseProvider({
  database,
  children,
}: {
  database: TrawlDatabase;
  children: ReactNode;
}): ReactNode {
  return <DatabaseContext value={database}>{children}</DatabaseContext>;
}

/** The database of the page; throws outside a DatabaseProvider (a wiring bug). */
export function useDatabase(): TrawlDatabase {
  const database = useContext(DatabaseContext);
  if (database === null) throw new Error('useDatabase needs a DatabaseProvider above it');
  return database;
}
