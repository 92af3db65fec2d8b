/**
 * A Derby store's database: its connections, schema and upgrades
 * ({@link org.wharfmq.store.derby.disk.Schema}), the group-commit journal with the typed writes
 * each change is made of, and the reads that turn message rows back into the index's messages.
 * It knows the index's types, never the index itself.
 */
package org.wharfmq.store.derby.disk;
