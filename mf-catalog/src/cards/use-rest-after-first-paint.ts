import { useNavigationType } from 'react-router-dom';
import { useAfterFirstPaint } from '@portal/ui';

/**
 * Whether a page's cards below its first screen may be drawn: false in the first frame of a page
 * opened by a link or a search, true once that frame is painted (decision 0041). True at once on
 * Back and Forward, so the shell can return to where the player was, and on the visit's first
 * page, whose server HTML has every card.
 */
export function useRestAfterFirstPaint(): boolean {
  // 'POP': Back or Forward, or the visit's first page (the router's enum is not a shared export).
  const navigationType: string = useNavigationType();
  return useAfterFirstPaint(navigationType === 'POP');
}
