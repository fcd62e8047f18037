import { GAME_DETAILS } from '@portal/shared-contracts/game-details';
import { parseControls } from './parse-controls';

describe('parseControls (the feed instructions read as controls)', () => {
  it('reads keys with their actions, and the words under a device heading', () => {
    expect(
      parseControls(
        'On PC A or Left arrow back D or Right arrow forward On Mobile Press and hold the accelerator buttons on the screen',
      ),
    ).toEqual({
      keys: [
        { controls: ['A', 'ArrowLeft'], action: 'Back' },
        { controls: ['D', 'ArrowRight'], action: 'Forward' },
      ],
      mouse: [],
      touch: [{ controls: [], action: 'Press and hold the accelerator buttons' }],
    });
  });

  it('splits one control group per action, keys named letter and arrow', () => {
    expect(
      parseControls('W up arrow key accelerate S down arrow key brake A left arrow key steer left D right arrow key steer right')
        ?.keys,
    ).toEqual([
      { controls: ['W', 'ArrowUp'], action: 'Accelerate' },
      { controls: ['S', 'ArrowDown'], action: 'Brake' },
      { controls: ['A', 'ArrowLeft'], action: 'Steer left' },
      { controls: ['D', 'ArrowRight'], action: 'Steer right' },
    ]);
  });

  it('gives one action to keys, mouse and touch alike', () => {
    expect(parseControls('Desktop -X Space or Left Click to switch gravity Mobile -Touch to Switch Gravity')).toEqual({
      keys: [{ controls: ['X', 'Space'], action: 'Switch gravity' }],
      mouse: [{ controls: ['Click'], action: 'Switch gravity' }],
      touch: [{ controls: ['Touch'], action: 'Switch Gravity' }],
    });
    expect(parseControls('Mouse click or tap to play')).toEqual({
      keys: [],
      mouse: [{ controls: ['Click'], action: 'Play' }],
      touch: [{ controls: ['Tap'], action: 'Play' }],
    });
  });

  it('takes the action before or after a dash, and drops the screen and the device afterthoughts', () => {
    expect(parseControls('Move - WASD or Arrow keys')?.keys).toEqual([{ controls: ['WASD', 'Arrow keys'], action: 'Move' }]);
    expect(parseControls('WASD - move')?.keys).toEqual([{ controls: ['WASD'], action: 'Move' }]);
    expect(parseControls('Tap on the screen to play this game')?.touch).toEqual([
      { controls: ['Tap'], action: 'Play this game' },
    ]);
    expect(parseControls('Use Mouse for desktop and Touch Controls for mobile device')).toEqual({
      keys: [],
      mouse: [{ controls: ['Mouse'], action: '' }],
      touch: [{ controls: ['Touch'], action: '' }],
    });
  });

  it('"drag" beside the mouse is the mouse\'s; "drag and drop" is what to do', () => {
    expect(parseControls('Desktop Mouse click and drag to play Mobile Tap and slide to play')?.mouse).toEqual([
      { controls: ['Click', 'Drag'], action: 'Play' },
    ]);
    expect(parseControls('Drag or tap to move')?.touch).toEqual([{ controls: ['Drag', 'Tap'], action: 'Move' }]);
    expect(parseControls('Use Mouse To Drag and Drop The Blocks')?.mouse).toEqual([
      { controls: ['Mouse'], action: 'Drag and Drop The Blocks' },
    ]);
  });

  it('gives null for what does not read as controls: a story, a list of features, a control after its action', () => {
    expect(
      parseControls('The bird want to go home but There are many obstacles on the road Can you help the bird go home safely'),
    ).toBeNull();
    expect(parseControls('Features of helix jump - Crazy fast speed - Great time killer - Amazing graphics')).toBeNull();
    expect(
      parseControls('W A S D or arrow keys You can brake with Space You can switch to different camera angles with the C key'),
    ).toBeNull();
    expect(parseControls('')).toBeNull();
  });

  it('reads most of the catalogue, and never an action longer than a few words', () => {
    const parsed = [...GAME_DETAILS.values()].map((details) => parseControls(details.instructions));
    const read = parsed.filter((controls) => controls !== null);
    expect(read.length).toBeGreaterThanOrEqual(40);
    for (const controls of read)
      for (const line of [...controls.keys, ...controls.mouse, ...controls.touch])
        expect(line.action.split(' ').length).toBeLessThanOrEqual(9);
  });
});
