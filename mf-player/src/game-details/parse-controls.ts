// The feed's "instructions" are one unpunctuated sentence ("On PC A or Left arrow back D or Right
// arrow forward On Mobile Press and hold ..."). This reads it as controls: which keys, mouse or
// touch do what. Anything it can not read with confidence gives null: the page shows the sentence.

export type ControlInput = 'keys' | 'mouse' | 'touch';

export interface ControlLine {
  /** What to press: key names ('W', 'Space', 'ArrowLeft', 'Arrow keys', 'WASD'), or 'Click', 'Mouse', 'Tap', 'Touch', 'Swipe', 'Drag'. */
  controls: string[];
  /** What it does, in the feed's words; '' when the feed says only which controls. */
  action: string;
}

export type ParsedControls = Record<ControlInput, ControlLine[]>;

interface Token {
  input: ControlInput;
  labels: (match: RegExpExecArray) => string[];
  pattern: RegExp;
}

const DIRECTIONS: Record<string, string> = { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' };
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

// Tried in order at each word; the first that matches wins. All anchored at the word's start.
const TOKENS: Token[] = [
  {
    input: 'keys',
    pattern: /^(?:the\s+)?((?:left|right|up|down)(?:\s*(?:,|and|or|\/)\s*(?:left|right|up|down))*)\s+arrows?(?:\s+keys?)?\b/i,
    labels: (m) => (m[1] ?? '').split(/\s*(?:,|and|or|\/)\s*/i).map((word) => DIRECTIONS[word.toLowerCase()] ?? word),
  },
  { input: 'keys', pattern: /^(?:the\s+)?(?:arrow\s+keys?|arrows|cursors?(?:\s+keys)?)\b/i, labels: () => ['Arrow keys'] },
  { input: 'keys', pattern: /^w\s?a\s?s\s?d\b/i, labels: () => ['WASD'] },
  { input: 'keys', pattern: /^(?:the\s+)?space(?:\s*bar)?\b/i, labels: () => ['Space'] },
  { input: 'keys', pattern: /^(?:[lr]-|left\s+|right\s+)?shift\b/i, labels: () => ['Shift'] },
  { input: 'keys', pattern: /^(enter|esc|escape|ctrl|tab)\b/i, labels: (m) => [capital(m[1] ?? '')] },
  { input: 'keys', pattern: /^(?:the\s+)?keyboard\b/i, labels: () => ['Keyboard'] },
  // A single capital letter standing alone is a key ("D or Right arrow forward", "-X Space").
  { input: 'keys', pattern: /^-?([A-Z])(?=\s|$)/, labels: (m) => [m[1] ?? ''] },
  {
    input: 'mouse',
    pattern: /^(?:(?:left\s+)?mouse\s+(?:button\s+)?click|left\s+(?:mouse\s+button\s+)?click|click(?:ing)?|mouse\s+click)\b/i,
    labels: () => ['Click'],
  },
  { input: 'mouse', pattern: /^(?:the\s+)?mouse\b/i, labels: () => ['Mouse'] },
  {
    input: 'touch',
    pattern: /^-?(tap(?:ping)?|touch|swipes?|(?:your\s+)?finger)\b(?:\s+(?:on\s+)?the\s+screen\b)?/i,
    labels: (m) => [touchLabel(m[1] ?? '')],
  },
  // "Drag" alone is a control (mouse or touch, by what is beside it); "drag and drop the blocks" is what to do.
  { input: 'touch', pattern: /^(drag)\b(?!\s+(?:and|amp|&)\s+drop)/i, labels: () => ['Drag'] },
];

function touchLabel(word: string): string {
  const lower = word.toLowerCase();
  if (lower.startsWith('tap')) return 'Tap';
  if (lower.startsWith('swipe')) return 'Swipe';
  return 'Touch';
}

/** "On PC", "Desktop controls", "Mobile -", "Touch controls Tap ...": which device the words after it are for. */
const PLATFORM =
  /^(?:on\s+)?(pc|desktop|computer|mobile(?:\s+devices?)?|touch(?=\s+controls?\s+\S))(?:\s+controls?)?(?:\s*[-:]\s*|\s+|$)/i;
/** "for desktop", "on mobile devices" after a control: said by the heading the control gets anyway. */
const DEVICE_AFTERTHOUGHT = /\s+(?:for|on)\s+(?:desktop|pc|mobile(?:\s+devices?)?)(?=\s+(?:and|or)\b|\s*$)/gi;
/** Words that only join controls ("W or Up arrow", "use the mouse"): dropped before the action starts. */
const JOINERS = new Set([
  'or',
  'and',
  'use',
  'using',
  'the',
  'your',
  'key',
  'keys',
  'button',
  'buttons',
  'on',
  'with',
  '/',
  ',',
  '-',
  'to',
  'controls',
  'control',
  'screen',
]);
/** An action ending in one of these leads into a control named after it ("brake with Space"): not read. */
const LEADS_ON = /\s(?:with|using|the|to|press|by)$/i;
/** More words than this in one action: a story, not a control; the page shows the sentence instead. */
const MAX_ACTION_WORDS = 9;

interface Item {
  controls: Array<{ input: ControlInput; label: string }>;
  words: string[];
  /** Words since the last control: an action the controls so far share. */
  wordsAfter: number;
  device?: 'desktop' | 'mobile';
}

/** Controls of one instructions sentence, or null when it does not read as controls. */
export function parseControls(sentence: string): ParsedControls | null {
  let rest = sentence.replace(/\s+/g, ' ').replace(DEVICE_AFTERTHOUGHT, '').trim();
  const items: Item[] = [];
  let device: Item['device'];
  let item: Item = { controls: [], words: [], wordsAfter: 0 };
  const flush = () => {
    if (item.controls.length > 0 || item.words.length > 0) items.push(item);
    item = { controls: [], words: [], wordsAfter: 0, device };
  };
  while (rest !== '') {
    const platform = PLATFORM.exec(rest);
    if (platform) {
      flush();
      device = /mobile|touch/i.test(platform[1] ?? '') ? 'mobile' : 'desktop';
      item.device = device;
      rest = rest.slice(platform[0].length);
      continue;
    }
    if (/^-\s/.test(rest)) {
      // "WASD - move", "Move - WASD": a dash between the controls and their action; else a new bullet.
      if (item.controls.length === 0 || item.words.length === 0) rest = rest.slice(2);
      else flush();
      continue;
    }
    const token = TOKENS.map((candidate) => ({ candidate, match: candidate.pattern.exec(rest) })).find(({ match }) => match);
    if (token?.match) {
      // Controls after a control's action begin the next item ("A or Left arrow back D or Right arrow forward").
      if (item.wordsAfter > 0 && item.controls.length > 0) flush();
      for (const label of token.candidate.labels(token.match)) item.controls.push({ input: token.candidate.input, label });
      item.wordsAfter = 0;
      rest = rest.slice(token.match[0].length).trimStart();
      continue;
    }
    const word = /^\S+/.exec(rest)?.[0] ?? rest;
    rest = rest.slice(word.length).trimStart();
    // Joiners before the action or between controls ("W or Up arrow") are no part of the action.
    if ((item.words.length === 0 || (item.controls.length > 0 && item.wordsAfter === 0)) && JOINERS.has(word.toLowerCase()))
      continue;
    item.words.push(word);
    item.wordsAfter += 1;
  }
  flush();
  return toLines(items);
}

function toLines(items: readonly Item[]): ParsedControls | null {
  const parsed: ParsedControls = { keys: [], mouse: [], touch: [] };
  for (const { controls, words, device } of items) {
    const text = words.join(' ').replace(/\s+(?:and|or)$/i, '');
    if (words.length > MAX_ACTION_WORDS || LEADS_ON.test(` ${text}`)) return null;
    const action = capitalFirst(text.replace(/\s+(?:on\s+)?(?:the\s+)?screen$/i, ''));
    if (controls.length === 0) {
      // Words alone, under a device heading: how to play there ("On Mobile Press and hold the buttons").
      if (!device) return null;
      parsed[device === 'mobile' ? 'touch' : 'mouse'].push({ controls: [], action });
      continue;
    }
    const has = (input: ControlInput) => controls.some((control) => control.input === input && control.label !== 'Drag');
    // "Drag" is the mouse's beside the mouse or under a desktop heading, else the finger's.
    const dragIsMouse = has('mouse') || device === 'desktop';
    for (const input of ['keys', 'mouse', 'touch'] as const) {
      const labels = controls
        .filter((control) => (control.label === 'Drag' ? (dragIsMouse ? 'mouse' : 'touch') : control.input) === input)
        .map((control) => control.label);
      if (labels.length > 0) parsed[input].push({ controls: [...new Set(labels)], action });
    }
  }
  // The same line twice (a control named under both device headings) once.
  for (const input of ['keys', 'mouse', 'touch'] as const)
    parsed[input] = parsed[input].filter(
      (line, index, all) => all.findIndex((other) => JSON.stringify(other) === JSON.stringify(line)) === index,
    );
  return parsed.keys.length + parsed.mouse.length + parsed.touch.length > 0 ? parsed : null;
}

const capitalFirst = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
