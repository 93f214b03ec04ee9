import { describe, expect, it } from 'vitest';
import { dataDirNotice, twinDataDir } from '#infra/twin/data-dir.ts';

describe("the twin's data directory", () => {
  it('is .data/ in the repository unless TWIN_DATA_DIR moves it', () => {
    expect(twinDataDir({}, '/repo')).toBe('/repo/.data');
    expect(twinDataDir({ TWIN_DATA_DIR: '/tmp/loja' }, '/repo')).toBe('/tmp/loja');
    expect(twinDataDir({ TWIN_DATA_DIR: '  ' }, '/repo')).toBe('/repo/.data');
  });

  it('the start message names the directory actually used, not always .data/', () => {
    expect(dataDirNotice('/repo/.data', '/repo')).toBe('Data is kept under .data/ (delete it for a fresh start).');
    expect(dataDirNotice('/tmp/loja', '/repo')).toBe('Data is kept under /tmp/loja/ (delete it for a fresh start).');
    expect(dataDirNotice(twinDataDir({ TWIN_DATA_DIR: '/srv/twin' }, '/repo'), '/repo')).toContain('/srv/twin/');
  });
});
