/** Minimal glob matching for `overrides[].files` (`**`, `*`, `?`, `{a,b}`), on '/' paths. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        i++;
        if (glob[i + 1] === '/') {
          i++;
          re += '(?:.*/)?';
        } else re += '.*';
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end < 0) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, end)
          .split(',')
          .map((p) => p.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
          .join('|')})`;
        i = end;
      }
    } else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Whether a path (relative to the manifest's folder) matches a glob; a glob without '/' matches the base name anywhere. */
export function matchesGlob(path: string, glob: string): boolean {
  const p = path.replace(/^\.\//, '');
  if (!glob.includes('/')) return globToRegExp(glob).test(p.split('/').pop() ?? p) || globToRegExp(glob).test(p);
  return globToRegExp(glob.replace(/^\.\//, '')).test(p);
}
