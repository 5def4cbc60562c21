#include <sqlite3.h>

/* sqlite3_db_config is variadic, which Swift cannot call: the two settings ChatRender makes,
   for a database that a stranger wrote (its schema is not trusted; nothing may be changed). */
static inline void chatrender_sqlite_distrust_schema(sqlite3 *db) {
  sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
  sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
}
