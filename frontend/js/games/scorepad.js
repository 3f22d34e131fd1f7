// Score pad: the plain pad (components/score-pad.js) is this game's whole panel.
export * from '../components/score-pad.js';
