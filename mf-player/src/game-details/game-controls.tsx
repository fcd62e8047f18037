import { parseControls, type ControlInput } from './parse-controls';

export const CONTROLS_TEXT = {
  heading: 'How to play',
  inputs: { keys: 'Keyboard', mouse: 'Mouse', touch: 'Touch' } satisfies Record<ControlInput, string>,
} as const;

/** How a control is drawn, and read out where the drawing is a symbol. */
const KEY_FACES: Record<string, { face: string; name: string }> = {
  ArrowLeft: { face: '←', name: 'Left arrow' },
  ArrowRight: { face: '→', name: 'Right arrow' },
  ArrowUp: { face: '↑', name: 'Up arrow' },
  ArrowDown: { face: '↓', name: 'Down arrow' },
  'Arrow keys': { face: '← ↑ → ↓', name: 'Arrow keys' },
};

function Control({ label }: { label: string }) {
  const known = KEY_FACES[label];
  return known ? (
    <kbd className="game-controls__key" aria-label={known.name} title={known.name}>
      {known.face}
    </kbd>
  ) : (
    <kbd className="game-controls__key">{label}</kbd>
  );
}

/**
 * The feed's instructions as controls: keys, mouse and touch, each control with what it does. An
 * instruction the parser can not read is shown as the feed's sentence.
 */
export function GameControls({ instructions }: { instructions: string }) {
  if (instructions === '') return null;
  const parsed = parseControls(instructions);
  return (
    <section className="game-controls">
      <h2 className="game-controls__title">{CONTROLS_TEXT.heading}</h2>
      {parsed ? (
        <dl className="game-controls__groups">
          {(['keys', 'mouse', 'touch'] as const)
            .filter((input) => parsed[input].length > 0)
            .map((input) => (
              <div key={input} className="game-controls__group">
                <dt className="game-controls__input" style={{ gridRow: `1 / span ${parsed[input].length}` }}>
                  {CONTROLS_TEXT.inputs[input]}
                </dt>
                {parsed[input].map((line) => (
                  <dd key={`${line.controls.join('+')}:${line.action}`} className="game-controls__line">
                    {line.controls.length > 0 && (
                      <span className="game-controls__keys">
                        {line.controls.map((label) => (
                          <Control key={label} label={label} />
                        ))}
                      </span>
                    )}
                    {line.action && <span className="game-controls__action">{line.action}</span>}
                  </dd>
                ))}
              </div>
            ))}
        </dl>
      ) : (
        <p className="game-controls__sentence">{instructions}</p>
      )}
    </section>
  );
}
