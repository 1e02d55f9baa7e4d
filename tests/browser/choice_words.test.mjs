// Choices a person can tell apart (issue 61.6): where the rules give two
// choices the same words (two like units), the page's buttons add where
// each piece is, then its number where that is the same too, and any other
// choice's number (interpreter/serve/web/panel.js, distinctTexts). No browser.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {distinctTexts} from '../../interpreter/serve/web/panel.js';

const view = {
  locations: [
    {id: '0402', title: 'Hex 0402', pieces: [{id: 3}, {id: 4}]},
    {id: '0503', title: 'Hex 0503', pieces: [{id: 7}, {hidden: true}]},
  ],
};

test('choice words: like units are told apart by their hex, then their number', () => {
  const choices = [
    {n: 1, piece: 3, text: 'Rifle platoon'},
    {n: 2, piece: 7, text: 'Rifle platoon'},
    {n: 3, piece: 4, text: 'Rifle platoon'},
    {n: 4, piece: 5, text: 'Tank'},
    {n: 5, text: 'End'},
    {n: 6, text: 'End'},
    {n: 7, value: 'option=hold'},
  ];
  assert.deepEqual(distinctTexts(view, choices), [
    'Rifle platoon, in Hex 0402 (piece 3)',
    'Rifle platoon, in Hex 0503',
    'Rifle platoon, in Hex 0402 (piece 4)',
    'Tank',
    'End (choice 5)',
    'End (choice 6)',
    'option=hold',
  ]);
});

test('choice words: distinct words are left as the rules gave them', () => {
  const choices = [{n: 1, piece: 3, text: 'North Front'}, {n: 2, piece: 7, text: 'Central Front'}];
  assert.deepEqual(distinctTexts(view, choices), ['North Front', 'Central Front']);
});
