import { rng } from './generate';

// Requirements as people write them, for the quality bench (decisions §25): mostly well-formed "shall" sentences,
// some with what the rules point at (vague words, escape clauses, TBD/TBC, passive voice without an agent, open
// lists, pronouns, negatives, combinators, long ones), about one in six in French, some with lists in the description.

const SUBJECTS = [
  'The pump controller',
  'The operator console',
  'The braking system',
  'The data logger',
  'The gateway',
];
const SUJETS = ['Le contrôleur de pompe', 'La console opérateur', 'Le système de freinage', "L'enregistreur"];
const ACTIONS = [
  'report the tank pressure to the operator every 2 s',
  'close the inlet valve within 150 ms of an overpressure alarm',
  'store each measurement with its UTC timestamp',
  'reject a command whose checksum does not match',
  'switch to the backup power supply within 20 ms of a mains failure',
  'display the flow rate with a resolution of 0.1 l/min',
];
const ACTIONS_FR = [
  'signaler la pression du réservoir à l’opérateur toutes les 2 s',
  'fermer la vanne d’entrée en moins de 150 ms après une alarme',
  'enregistrer chaque mesure avec son horodatage UTC',
];
const FLAWS = [
  (s: string, a: string) => `${s} shall ${a} as quickly as possible.`,
  (s: string, a: string) => `${s} shall ${a}, if practical.`,
  (s: string, a: string) => `${s} shall ${a} within TBD ms.`,
  (s: string, a: string) => `${s} shall ${a}; the limit is TBC.`,
  (_s: string, a: string) => `The alarm shall be acknowledged before the system may ${a}.`,
  (s: string, a: string) => `${s} shall ${a} and log it, and it shall notify the maintenance team, etc.`,
  (s: string, a: string) => `${s} shall not fail to ${a}.`,
  (s: string, a: string) => `${s} should provide a user-friendly and flexible way to ${a}.`,
  (s: string, a: string) => `${s} shall ${a} better than the previous release in the best possible way.`,
  (s: string, a: string) =>
    `${s} shall ${a} when the operator has selected the automatic mode on the console and the pump is running and ` +
    'the tank level is above the low threshold and below the high threshold and no maintenance lock is active on any ' +
    'of the valves of the circuit and the supply voltage is within its nominal range.',
];
const FLAWS_FR = [
  (s: string, a: string) => `${s} doit ${a} aussi rapidement que possible.`,
  (s: string, a: string) => `${s} doit ${a} dans un délai à définir.`,
  (s: string, a: string) => `${s} devra ${a}, le cas échéant.`,
];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The name and description (rich text as stored) of the `count` requirements of a document, always the same. */
export function qualityRequirements(count: number, seed = 25): { name: string; description: string }[] {
  const random = rng(seed);
  return Array.from({ length: count }, (_, i) => {
    const french = random() < 1 / 6;
    const subject = pick(random, french ? SUJETS : SUBJECTS);
    const action = pick(random, french ? ACTIONS_FR : ACTIONS);
    // About half are clean; the others carry one flaw or two.
    const flawed = random() < 0.5;
    const first = flawed
      ? pick(random, french ? FLAWS_FR : FLAWS)(subject, action)
      : `${subject} ${french ? 'doit' : 'shall'} ${action}.`;
    const second =
      random() < 0.3
        ? ` ${pick(random, french ? FLAWS_FR : FLAWS)(subject, pick(random, french ? ACTIONS_FR : ACTIONS))}`
        : '';
    const list =
      random() < 0.2
        ? `<ul>${['inlet valve', 'outlet valve', 'bypass'].map((v) => `<li><p>${escape(v)} &amp; its sensor</p></li>`).join('')}</ul>`
        : '';
    const name = `${french ? 'Exigence' : 'Requirement'} ${i + 1}: ${action.split(' ').slice(0, 4).join(' ')}`;
    return { name, description: `<p>${escape(first + second)}</p>${list}` };
  });
}
