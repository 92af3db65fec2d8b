/**
 * A Derby store's database: its connections, schema and upgrades
 * ({@link org.wharfmq.store.derby.disk.Schema}), and the group-commit journal with the typed writes
 * each change is made of. It knows the index's types, never the index itself.
 */
package org.wharfmq.store.derby.disk;
