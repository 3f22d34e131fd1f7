// The app's own IndexedDB database: actions waiting to be sent (outbox.js) and the last
// state of each table this phone joined (saved-tables.js), so a reload offline still
// shows the table. Version 2 added the tables.
import { database } from './idb.js';

export const appDb = database('scorekeeper', 2, { outbox: 'body.id', tables: 'code' });
