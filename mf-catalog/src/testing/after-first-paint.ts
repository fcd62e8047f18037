import { act } from '@testing-library/react';

/** A frame, then a task: a page drawn first screen first has drawn the rest (useAfterFirstPaint). */
export const afterFirstPaint = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
