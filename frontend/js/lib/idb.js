// IndexedDB in a few promises. database(name, version, {store: keyPath}) opens (and creates
// or upgrades) one database with those object stores; store(name) gives get/getAll/put/
// delete, each its own transaction. The connection is opened once and reused, and closed
// when another tab needs to upgrade the database.

export function database(name, version, stores) {
  let opening = null;

  const open = () => (opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(name, version);
    req.onupgradeneeded = () => {
      for (const [store, keyPath] of Object.entries(stores)) {
        if (!req.result.objectStoreNames.contains(store)) req.result.createObjectStore(store, { keyPath });
      }
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      db.onclose = () => (opening = null);
      resolve(db);
    };
    req.onerror = () => {
      opening = null;
      reject(req.error);
    };
  }));

  async function tx(store, mode, fn) {
    const db = await open();
    return new Promise((resolve, reject) => {
      const t = db.transaction(store, mode);
      const req = fn(t.objectStore(store));
      t.oncomplete = () => resolve(req.result);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    });
  }

  return {
    store: (store) => ({
      get: (key) => tx(store, 'readonly', (s) => s.get(key)),
      getAll: () => tx(store, 'readonly', (s) => s.getAll()),
      put: (value) => tx(store, 'readwrite', (s) => s.put(value)),
      delete: (key) => tx(store, 'readwrite', (s) => s.delete(key)),
    }),
  };
}
