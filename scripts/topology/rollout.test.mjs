import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rollInstance, rollout } from './rollout.mjs';

const recorder = (steps, { failStart = false } = {}) => ({
  setInRotation: async (inRotation) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    steps.push(inRotation ? 'in' : 'out');
  },
  stop: async () => void steps.push('stop'),
  start: async () => {
    steps.push('start');
    if (failStart) throw new Error('did not become ready');
  },
});

test('an instance leaves the rotation before its SIGTERM and comes back only once started', async () => {
  const steps = [];
  await rollInstance(recorder(steps));
  assert.deepEqual(steps, ['out', 'stop', 'start', 'in']);
});

test('a start that fails puts the instance back in rotation and fails the roll', async () => {
  const steps = [];
  await assert.rejects(rollInstance(recorder(steps, { failStart: true })), /did not become ready/);
  assert.deepEqual(steps, ['out', 'stop', 'start', 'in']);
});

test('a rollout rolls one instance at a time, in order, and stops at the first failure', async () => {
  const lines = [];
  const active = new Set();
  const roll = async (part, index) => {
    active.add(`${part}${index}`);
    assert.equal(active.size, 1, 'one at a time');
    await new Promise((resolve) => setTimeout(resolve, 5));
    active.delete(`${part}${index}`);
    if (part === 'pages' && index === 0) throw new Error('pages 0 not ready');
    return 'ready';
  };
  const instances = [
    { part: 'api', index: 0 },
    { part: 'api', index: 1 },
    { part: 'pages', index: 0 },
    { part: 'pages', index: 1 },
  ];
  await assert.rejects(
    rollout(instances, roll, (line) => lines.push(line)),
    /pages 0 not ready/,
  );
  assert.deepEqual(lines, ['rolling api 0', 'rolled api 0: ready', 'rolling api 1', 'rolled api 1: ready', 'rolling pages 0']);
});
