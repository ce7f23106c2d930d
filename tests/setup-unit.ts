// IndexedDB for Dexie in jsdom
import 'fake-indexeddb/auto';
