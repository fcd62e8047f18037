import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { walChangeCounter } from './wal-change-counter';

describe('walChangeCounter', () => {
  let dir: string;
  let file: string;
  const open: BetterSqlite3.Database[] = [];
  const connect = () => {
    const connection = new BetterSqlite3(file);
    open.push(connection);
    return connection;
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-counter-'));
    file = path.join(dir, 'test.sqlite');
  });
  afterEach(() => {
    for (const connection of open.splice(0)) connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function walFile() {
    const writer = connect();
    writer.pragma('journal_mode = WAL');
    writer.exec('create table t (x integer)');
    return writer;
  }

  it('moves with each commit of another connection, another process alike, and only then', () => {
    const writer = walFile();
    const counter = walChangeCounter(file);
    if (!counter) throw new Error('no WAL index');
    const reader = connect();
    const before = counter.read();
    // Reads, by anyone, change nothing.
    reader.prepare('select count(*) from t').get();
    expect(counter.read()).toBe(before);
    writer.prepare('insert into t values (1)').run();
    const afterOne = counter.read();
    expect(afterOne).not.toBe(before);
    expect(counter.read()).toBe(afterOne);
    connect().prepare('insert into t values (2)').run();
    expect(counter.read()).not.toBe(afterOne);
    counter.close();
  });

  it('moves once for a transaction, at its commit, never for one rolled back', () => {
    const writer = walFile();
    const counter = walChangeCounter(file);
    if (!counter) throw new Error('no WAL index');
    const start = counter.read();
    writer.exec('begin');
    writer.prepare('insert into t values (1)').run();
    writer.prepare('insert into t values (2)').run();
    expect(counter.read()).toBe(start);
    writer.exec('commit');
    const committed = counter.read();
    expect(committed).not.toBe(start);
    writer.exec('begin');
    writer.prepare('insert into t values (3)').run();
    writer.exec('rollback');
    expect(counter.read()).toBe(committed);
    counter.close();
  });

  it('is null for a file without a WAL index (rollback journal): the caller asks SQLite', () => {
    const writer = connect();
    writer.exec('create table t (x integer)');
    expect(walChangeCounter(file)).toBeNull();
  });

  it('is null without a -shm file, or with one that is not a WAL index it knows', () => {
    expect(walChangeCounter(path.join(dir, 'none.sqlite'))).toBeNull();
    const strange = path.join(dir, 'strange.sqlite');
    fs.writeFileSync(`${strange}-shm`, Buffer.alloc(64, 7));
    expect(walChangeCounter(strange)).toBeNull();
  });
});
