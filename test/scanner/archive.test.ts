import { describe, expect, it } from 'vitest';
import { ARCHIVE_LIMITS, ArchiveError, unpackSkillArchive } from '../../shared/scanner/archive/index.js';
import { tarGzOf, zipOf } from '../helpers/archives.js';

const refusal = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ArchiveError) return err.reason;
    throw err;
  }
  return undefined;
};

describe('unpackSkillArchive', () => {
  it('unpacks a zip skill into files, dropping a single top-level folder', () => {
    const zip = zipOf({ 'weather/SKILL.md': '# Weather', 'weather/scripts/run.sh': 'echo hi\n' });
    expect(unpackSkillArchive('zip', zip).files).toEqual([
      { path: 'SKILL.md', text: '# Weather' },
      { path: 'scripts/run.sh', text: 'echo hi\n' },
    ]);
  });

  it('unpacks a tar.gz skill and ignores directory entries', () => {
    const tgz = tarGzOf([{ name: 'scripts/', type: '5' }, { name: 'SKILL.md', body: '# Hi' }, { name: 'scripts/a.py', body: 'print(1)' }]);
    expect(unpackSkillArchive('tar.gz', tgz).files.map((f) => f.path)).toEqual(['SKILL.md', 'scripts/a.py']);
  });

  it('leaves binary files out and says which', () => {
    const r = unpackSkillArchive('zip', zipOf({ 'SKILL.md': '# x', 'icon.png': new Uint8Array([0x89, 0x50, 0, 1, 2]) }));
    expect(r.files.map((f) => f.path)).toEqual(['SKILL.md']);
    expect(r.skipped).toEqual(['icon.png']);
  });

  it.each([
    ['../escape.sh', 'path_traversal'],
    ['a/../../etc/passwd', 'path_traversal'],
    ['/etc/passwd', 'path_traversal'],
    ['C:/Windows/x.bat', 'path_traversal'],
    ['dir\\evil.sh', 'path_traversal'],
    ['bad\u0001name', 'bad_path'],
  ])('refuses the path %j in a zip and in a tar.gz', (name, reason) => {
    expect(refusal(() => unpackSkillArchive('zip', zipOf({ 'SKILL.md': 'ok', [name]: 'x' })))).toBe(reason);
    expect(refusal(() => unpackSkillArchive('tar.gz', tarGzOf([{ name: 'SKILL.md', body: 'ok' }, { name, body: 'x' }])))).toBe(reason);
  });

  it('refuses symlinks, hard links and devices', () => {
    expect(refusal(() => unpackSkillArchive('zip', zipOf({ 'SKILL.md': 'ok', key: '/home/u/.ssh/id_rsa' }, { key: 0o120777 })))).toBe('link');
    expect(refusal(() => unpackSkillArchive('tar.gz', tarGzOf([{ name: 'k', type: '2', linkname: '/etc/shadow' }])))).toBe('link');
    expect(refusal(() => unpackSkillArchive('tar.gz', tarGzOf([{ name: 'k', type: '1', linkname: 'SKILL.md' }])))).toBe('link');
    expect(refusal(() => unpackSkillArchive('tar.gz', tarGzOf([{ name: 'tty', type: '3' }])))).toBe('special_file');
  });

  it('refuses archives over the entry count, the unpacked size and the ratio', () => {
    const many = Object.fromEntries(Array.from({ length: ARCHIVE_LIMITS.maxEntries + 1 }, (_, i) => [`f${i}.md`, 'x']));
    expect(refusal(() => unpackSkillArchive('zip', zipOf(many)))).toBe('too_many_entries');
    const bomb = 'A'.repeat(ARCHIVE_LIMITS.maxFileBytes + 1);
    expect(refusal(() => unpackSkillArchive('zip', zipOf({ 'SKILL.md': bomb })))).toMatch(/^(too_large|ratio)$/);
    expect(refusal(() => unpackSkillArchive('tar.gz', tarGzOf([{ name: 'SKILL.md', body: 'A'.repeat(5 * 1024 * 1024) }])))).toMatch(/^(too_large|ratio)$/);
    const big = Array.from({ length: 5 }, (_, i) => [`f${i}.md`, 'A'.repeat(250 * 1024)]);
    expect(refusal(() => unpackSkillArchive('zip', zipOf(Object.fromEntries(big))))).toMatch(/^(too_large|ratio)$/);
  });

  it('refuses a format that does not match the bytes, and bytes that are no archive', () => {
    expect(refusal(() => unpackSkillArchive('tar.gz', zipOf({ 'SKILL.md': 'x' })))).toBe('format_mismatch');
    expect(refusal(() => unpackSkillArchive('zip', Buffer.from('hello, not an archive')))).toBe('unsupported');
    expect(refusal(() => unpackSkillArchive('zip', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(40)])))).toBe('corrupt');
  });

  it('refuses an encrypted zip entry, whose content could not be scanned', () => {
    const zip = zipOf({ 'SKILL.md': 'ok' });
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt16LE(zip.readUInt16LE(central + 8) | 1, central + 8);
    expect(refusal(() => unpackSkillArchive('zip', zip))).toBe('encrypted');
  });

  it('refuses duplicate paths and archives with no text file', () => {
    expect(refusal(() => unpackSkillArchive('tar.gz', tarGzOf([{ name: 'a.md', body: '1' }, { name: './a.md', body: '2' }])))).toBe('duplicate_path');
    expect(refusal(() => unpackSkillArchive('tar.gz', tarGzOf([{ name: 'd/', type: '5' }])))).toBe('empty');
  });
});
