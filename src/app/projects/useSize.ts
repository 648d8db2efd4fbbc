import { useLingui } from '@lingui/react/macro';

/** "1.2 MB", "340 KB", "12 B" in the user's language (sizes are UTF-8 bytes, as the server counts). */
export function useSize(): (bytes: number) => string {
  const { i18n, t } = useLingui();
  return (bytes: number): string => {
    const n = (value: number) => i18n.number(value, { maximumFractionDigits: 1 });
    if (bytes >= 1024 * 1024) return t`${n(bytes / (1024 * 1024))} MB`;
    if (bytes >= 1024) return t`${n(bytes / 1024)} KB`;
    return t`${n(bytes)} B`;
  };
}
