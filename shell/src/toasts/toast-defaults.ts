/** product §9 toast defaults. */
export const TOAST_DEFAULTS = {
  autoClose: 5000,
  position: 'top-right',
  hotKeys: (e: KeyboardEvent) => e.altKey && e.code === 'KeyT',
  width: '320px',
} as const;
