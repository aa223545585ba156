import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A search box's text that follows the URL (Back/forward) and reports, trimmed, after a pause in typing;
 * the admin tables keep their filters in the URL.
 */
export function useDebouncedText(fromUrl: string | undefined, onChange: (v: string | undefined) => void) {
  const [value, setValue] = useState(fromUrl ?? '');
  // Back/forward changes the URL's search: the box follows it (state adjusted during render).
  const [seen, setSeen] = useState(fromUrl);
  if (seen !== fromUrl) {
    setSeen(fromUrl);
    setValue(fromUrl ?? '');
  }
  const report = useEffectEvent((v: string | undefined) => onChange(v));
  useEffect(() => {
    const t = setTimeout(() => {
      if ((fromUrl ?? '') !== value.trim()) report(value.trim() || undefined);
    }, 350);
    return () => clearTimeout(t);
  }, [value, fromUrl]);
  return [value, setValue] as const;
}
