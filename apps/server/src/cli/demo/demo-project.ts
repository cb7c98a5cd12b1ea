// The sample project of `seed:demo` (decisions §17): what a newcomer opens first. A greenhouse controller, from
// what growers ask for down to the software, so that every view has something to show: nested categories, rich
// text (lists, a table, an image), every status, links across the three documents with one stale, requirements
// left uncovered, classifiers and tags, and comments.

export type DemoRequirement = {
  key: string;
  name: string;
  /** Rich text; `{image}` is replaced by the demo diagram, uploaded as an attachment of the project. */
  description: string;
  status: 0 | 1 | 2 | 3;
  parents?: string[];
  tags?: string[];
};

export type DemoCategory = {
  name: string;
  acronym: string;
  description?: string;
  categories?: DemoCategory[];
  requirements: DemoRequirement[];
};

export type DemoClassifier = { name: string; multiselect: boolean; tags: string[] };

export type DemoDocument = {
  key: string;
  name: string;
  acronym: string;
  description: string;
  parents: string[];
  classifiers: DemoClassifier[];
  categories: DemoCategory[];
};

const p = (text: string) => `<p>${text}</p>`;
const ul = (...items: string[]) => `<ul>${items.map((i) => `<li><p>${i}</p></li>`).join('')}</ul>`;
const ol = (...items: string[]) => `<ol>${items.map((i) => `<li><p>${i}</p></li>`).join('')}</ol>`;
const table = (head: string[], ...rows: string[][]) =>
  `<table><tbody><tr>${head.map((h) => `<th><p>${h}</p></th>`).join('')}</tr>${rows
    .map((r) => `<tr>${r.map((c) => `<td><p>${c}</p></td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;

const r = (
  key: string,
  name: string,
  status: DemoRequirement['status'],
  description: string,
  extra: Partial<DemoRequirement> = {},
): DemoRequirement => ({ key, name, status, description, ...extra });

export const DEMO_PROJECT = {
  name: 'Greenhouse controller',
  acronym: 'GHC',
  slug: 'greenhouse-controller',
  description:
    // One paragraph, written in three pieces.
    p(
      'A <strong>sample project</strong> made by <code>seed:demo</code>: the controller of a commercial greenhouse, ' +
        'from what growers ask for (stakeholder requirements) down to the software. Open a document, follow the ' +
        'links, try the traceability colours: one link is stale and a few requirements are not covered yet.',
    ),
};

export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    key: 'STK',
    name: 'Stakeholder requirements',
    acronym: 'STK',
    description: p('What growers, operators and the maintenance team expect of the greenhouse controller.'),
    parents: [],
    classifiers: [{ name: 'Stakeholder', multiselect: true, tags: ['Grower', 'Operator', 'Maintenance', 'Owner'] }],
    categories: [
      {
        name: 'Growing',
        acronym: 'GRW',
        description: p('The climate and the water the plants need.'),
        requirements: [
          r(
            'S1',
            'Keep the climate within the crop recipe',
            3,
            p(
              'The greenhouse shall keep temperature and humidity within the ranges of the active crop recipe, day and night.',
            ),
            { tags: ['Grower'] },
          ),
          r(
            'S2',
            'Water the plants automatically',
            3,
            p('Plants shall be watered without manual action, following a schedule and the moisture of the soil.'),
            { tags: ['Grower', 'Operator'] },
          ),
          r(
            'S3',
            'Follow a crop recipe',
            2,
            p('A grower shall be able to choose a crop recipe:') +
              ul('tomatoes', 'lettuce', 'strawberries', 'a recipe of their own'),
            { tags: ['Grower'] },
          ),
          r(
            'S4',
            'Save water',
            1,
            p('Water use shall be at least <strong>20 % lower</strong> than with fixed-time watering.'),
            { tags: ['Owner'] },
          ),
        ],
      },
      {
        name: 'Operation',
        acronym: 'OPS',
        requirements: [
          r(
            'S5',
            'See the greenhouse from anywhere',
            2,
            p('An operator shall see the current climate and alarms from a phone or a computer.'),
            { tags: ['Operator'] },
          ),
          r(
            'S6',
            'Be warned of problems',
            3,
            p('An operator shall be warned within minutes of any condition that endangers the crop.'),
            { tags: ['Operator', 'Grower'] },
          ),
          r('S7', 'Take over by hand', 2, p('An operator shall be able to override any automatic action.'), {
            tags: ['Operator'],
          }),
          r(
            'S8',
            'Keep a history',
            0,
            p('Climate, watering and alarms shall be kept for one growing season at least.'),
            { tags: ['Owner'] },
          ),
          r(
            'S13',
            'Work with the existing boiler',
            2,
            p('The controller shall drive the heating of the existing boiler through its 0–10 V input.'),
            { tags: ['Owner', 'Maintenance'] },
          ),
        ],
      },
      {
        name: 'Safety and upkeep',
        acronym: 'SAF',
        requirements: [
          r(
            'S9',
            'Protect people in the greenhouse',
            3,
            p('No automatic action shall endanger a person working in the greenhouse.'),
            { tags: ['Owner'] },
          ),
          r(
            'S10',
            'Survive a power cut',
            1,
            p('A power cut shall neither lose settings nor leave vents or valves in a dangerous state.'),
            { tags: ['Owner', 'Maintenance'] },
          ),
          r(
            'S11',
            'Easy maintenance',
            0,
            p('Sensors and actuators shall be replaceable by the maintenance team without a specialist.'),
            { tags: ['Maintenance'] },
          ),
          r(
            'S12',
            'Energy report',
            0,
            p('The owner would like a monthly report of energy use.') +
              p('<em>Not yet covered by the system requirements.</em>'),
            { tags: ['Owner'] },
          ),
          r(
            'S14',
            'Know when to replace parts',
            1,
            p(
              'The maintenance team shall know in advance when a sensor or an actuator is due for calibration or replacement.',
            ),
            { tags: ['Maintenance'] },
          ),
        ],
      },
    ],
  },
  {
    key: 'SYS',
    name: 'System requirements',
    acronym: 'SYS',
    description: p('The controller as a whole: sensors, actuators, controller unit and the web interface.'),
    parents: ['STK'],
    classifiers: [
      { name: 'Priority', multiselect: false, tags: ['Must', 'Should', 'Could'] },
      { name: 'Component', multiselect: true, tags: ['Sensor', 'Actuator', 'Controller', 'Web'] },
    ],
    categories: [
      {
        name: 'Climate control',
        acronym: 'CLI',
        description: p('Temperature and humidity, measured and controlled.'),
        categories: [
          {
            name: 'Temperature',
            acronym: 'TMP',
            requirements: [
              r(
                'Y1',
                'Measure the air temperature',
                3,
                p('The system shall measure the air temperature at three heights, every 10 s, within ±0.3 °C.'),
                { parents: ['S1'], tags: ['Must', 'Sensor'] },
              ),
              r(
                'Y2',
                'Heat and vent to the set point',
                2,
                p('The system shall keep the air temperature within ±1 °C of the set point by acting on:') +
                  ol('the heating valve', 'the roof vents', 'the shade screen') +
                  p('Set points by period of the day:') +
                  table(
                    ['Period', 'Tomatoes', 'Lettuce'],
                    ['Day', '22 °C', '18 °C'],
                    ['Night', '17 °C', '12 °C'],
                    ['Pre-dawn', '15 °C', '10 °C'],
                  ) +
                  '{image}',
                { parents: ['S1', 'S3'], tags: ['Must', 'Actuator', 'Controller'] },
              ),
              r('Y3', 'Frost protection', 3, p('Whatever the recipe, the system shall start heating below 4 °C.'), {
                parents: ['S1', 'S9'],
                tags: ['Must', 'Controller'],
              }),
            ],
          },
          {
            name: 'Humidity',
            acronym: 'HUM',
            requirements: [
              r(
                'Y4',
                'Measure the relative humidity',
                3,
                p('The system shall measure the relative humidity every 10 s within ±3 %.'),
                { parents: ['S1'], tags: ['Must', 'Sensor'] },
              ),
              r(
                'Y5',
                'Mist and vent to the humidity range',
                1,
                p('The system shall keep the humidity within the recipe range with the misting line and the vents.'),
                { parents: ['S1'], tags: ['Should', 'Actuator'] },
              ),
              r(
                'Y19',
                'Dew point alarm',
                1,
                p(
                  'The system shall warn when the leaf temperature nears the dew point (condensation and mildew risk).',
                ),
                { parents: ['S1', 'S6'], tags: ['Should', 'Controller'] },
              ),
            ],
          },
        ],
        requirements: [
          r(
            'Y6',
            'Crop recipes',
            2,
            p('The system shall hold crop recipes (set points by period of the day) and apply the active one.'),
            { parents: ['S3'], tags: ['Must', 'Controller'] },
          ),
        ],
      },
      {
        name: 'Irrigation',
        acronym: 'IRR',
        requirements: [
          r(
            'Y7',
            'Soil moisture sensing',
            2,
            p('The system shall read the soil moisture of each watering zone every minute.'),
            { parents: ['S2'], tags: ['Must', 'Sensor'] },
          ),
          r(
            'Y8',
            'Water by schedule and moisture',
            1,
            p(
              'A zone shall be watered at its scheduled times, skipped when its soil is wet enough, and watered early when it is too dry.',
            ),
            { parents: ['S2', 'S4'], tags: ['Must', 'Actuator', 'Controller'] },
          ),
          r('Y9', 'Water meter', 0, p('The system shall count the water used by each zone.'), {
            parents: ['S4'],
            tags: ['Should', 'Sensor'],
          }),
          r(
            'Y20',
            'Boiler interface',
            2,
            p('The system shall drive the boiler through a 0–10 V analogue output and read its fault contact.'),
            { parents: ['S13'], tags: ['Must', 'Actuator'] },
          ),
        ],
      },
      {
        name: 'Supervision',
        acronym: 'SUP',
        requirements: [
          r(
            'Y10',
            'Web dashboard',
            2,
            p(
              'The system shall show the current values, the state of every actuator and the active alarms in a web page.',
            ),
            { parents: ['S5'], tags: ['Must', 'Web'] },
          ),
          r(
            'Y11',
            'Alarms',
            2,
            p('The system shall raise an alarm when:') +
              ul(
                'a value stays out of range for 5 minutes',
                'a sensor stops answering',
                'an actuator does not reach its position',
              ),
            { parents: ['S6'], tags: ['Must', 'Controller', 'Web'] },
          ),
          r(
            'Y12',
            'Alarm notifications',
            1,
            p('Alarms shall be sent by e-mail and text message to the operators on duty.'),
            { parents: ['S6'], tags: ['Should', 'Web'] },
          ),
          r(
            'Y13',
            'Manual mode',
            2,
            p(
              'Every actuator shall have a manual mode, shown as such on the dashboard, that no automatic action overrides.',
            ),
            { parents: ['S7', 'S9'], tags: ['Must', 'Controller', 'Web'] },
          ),
          r('Y14', 'Records', 0, p('The system shall record every measurement, action and alarm for 400 days.'), {
            parents: ['S8'],
            tags: ['Could', 'Controller'],
          }),
        ],
      },
      {
        name: 'Safety',
        acronym: 'SAF',
        requirements: [
          r(
            'Y15',
            'Safe state on power loss',
            1,
            p(
              'On a power cut, vents shall close and valves shall shut; settings shall be kept in non-volatile memory.',
            ),
            { parents: ['S10'], tags: ['Must', 'Actuator', 'Controller'] },
          ),
          r('Y16', 'Presence interlock', 0, p('Moving screens shall stop when a person is detected in their way.'), {
            parents: ['S9'],
            tags: ['Must', 'Sensor', 'Actuator'],
          }),
          r('Y17', 'Hot-swappable sensors', 0, p('A sensor shall be replaceable while the system runs.'), {
            parents: ['S11'],
            tags: ['Could', 'Sensor'],
          }),
          r(
            'Y18',
            'Cabinet temperature watch',
            1,
            p('The system shall watch the temperature inside its own cabinet.') +
              p('<em>Derived from design: no stakeholder requirement covers it.</em>'),
            { tags: ['Should', 'Controller'] },
          ),
          r(
            'Y21',
            'Maintenance calendar',
            0,
            p(
              'The system shall count operating hours of each actuator and remind the maintenance team of due calibrations.',
            ),
            { parents: ['S14'], tags: ['Could', 'Controller', 'Web'] },
          ),
          r(
            'Y22',
            'Vent end-stop check',
            1,
            p('Each vent shall report its end stops; a vent that misses one shall raise an alarm and be left closed.'),
            { parents: ['S9'], tags: ['Must', 'Actuator'] },
          ),
        ],
      },
    ],
  },
  {
    key: 'SW',
    name: 'Software requirements',
    acronym: 'SW',
    description: p('The controller software: control loops, device drivers, the web application and the records.'),
    parents: ['SYS'],
    classifiers: [
      { name: 'Release', multiselect: false, tags: ['1.0', '1.1', 'Later'] },
      { name: 'Verification', multiselect: true, tags: ['Test', 'Analysis', 'Inspection', 'Demonstration'] },
    ],
    categories: [
      {
        name: 'Control',
        acronym: 'CTL',
        description: p('The control loops and the devices they drive.'),
        categories: [
          {
            name: 'Sensors',
            acronym: 'SEN',
            requirements: [
              r(
                'W1',
                'Sensor bus driver',
                3,
                p('The software shall read the temperature and humidity probes on the Modbus RTU bus at 9600 bd.'),
                { parents: ['Y1', 'Y4'], tags: ['1.0', 'Test'] },
              ),
              r(
                'W2',
                'Sensor plausibility',
                2,
                p('A reading shall be discarded when it differs from the previous one by more than:') +
                  table(
                    ['Quantity', 'Largest step in 10 s'],
                    ['Temperature', '2 °C'],
                    ['Humidity', '10 %'],
                    ['Soil moisture', '15 %'],
                  ),
                { parents: ['Y1', 'Y4', 'Y7'], tags: ['1.0', 'Test', 'Analysis'] },
              ),
              r(
                'W3',
                'Averaging of the three heights',
                2,
                p('The control temperature shall be the mean of the plausible readings of the three heights.'),
                { parents: ['Y1'], tags: ['1.0', 'Analysis'] },
              ),
            ],
          },
          {
            name: 'Loops',
            acronym: 'LOOP',
            requirements: [
              r(
                'W4',
                'Temperature PID loop',
                2,
                p('A PID loop shall drive the heating valve from the control temperature; its gains are settings.'),
                { parents: ['Y2'], tags: ['1.0', 'Test'] },
              ),
              r(
                'W5',
                'Vent opening law',
                1,
                p('The vents shall open by 10 % per °C above the set point, limited by the wind speed.'),
                { parents: ['Y2', 'Y5'], tags: ['1.0', 'Test', 'Analysis'] },
              ),
              r(
                'W6',
                'Frost override',
                3,
                p('Below 4 °C the heating valve shall open fully, whatever the loop asks.'),
                { parents: ['Y3'], tags: ['1.0', 'Test'] },
              ),
              r(
                'W7',
                'Misting cycles',
                1,
                p('Misting shall run in cycles of 10 s on, 50 s off while the humidity is under the range.'),
                { parents: ['Y5'], tags: ['1.1', 'Test'] },
              ),
              r(
                'W8',
                'Irrigation scheduler',
                1,
                p(
                  'The scheduler shall start each zone at its times, skip it above its wet threshold and start it early below its dry threshold.',
                ),
                { parents: ['Y8'], tags: ['1.0', 'Test'] },
              ),
              r(
                'W9',
                'Recipe engine',
                2,
                p('The recipe engine shall give the set points of the active recipe for the current period.'),
                { parents: ['Y6'], tags: ['1.0', 'Test'] },
              ),
              r(
                'W21',
                'Dew point computation',
                1,
                p('The dew point shall be computed from temperature and humidity with the Magnus formula.'),
                { parents: ['Y19'], tags: ['1.1', 'Analysis', 'Test'] },
              ),
              r(
                'W22',
                'Boiler output driver',
                2,
                p(
                  'The boiler set point shall be written to the analogue output board every second; a fault contact stops it.',
                ),
                { parents: ['Y20'], tags: ['1.0', 'Test'] },
              ),
            ],
          },
        ],
        requirements: [
          r(
            'W10',
            'Manual mode handling',
            2,
            p('An actuator in manual mode shall take commands from the dashboard only.'),
            { parents: ['Y13'], tags: ['1.0', 'Test', 'Demonstration'] },
          ),
        ],
      },
      {
        name: 'Web application',
        acronym: 'WEB',
        requirements: [
          r(
            'W11',
            'Dashboard page',
            2,
            p('The dashboard shall refresh its values every 10 s without reloading the page.'),
            { parents: ['Y10'], tags: ['1.0', 'Demonstration'] },
          ),
          r(
            'W12',
            'Alarm list',
            1,
            p('The alarm list shall show active alarms first, then acknowledged ones, newest first.'),
            { parents: ['Y11'], tags: ['1.0', 'Test'] },
          ),
          r(
            'W13',
            'Notification service',
            0,
            p('Notifications shall go through SMTP and a text-message gateway, retried for one hour.'),
            { parents: ['Y12'], tags: ['1.1', 'Test'] },
          ),
          r('W14', 'Recipe editor', 0, p('Growers shall edit recipes in a table of periods and set points.'), {
            parents: ['Y6'],
            tags: ['1.1', 'Demonstration'],
          }),
          r(
            'W15',
            'Log-in',
            2,
            p('Every page shall require a log-in; operators and growers have their own accounts.'),
            { tags: ['1.0', 'Test'] },
          ),
          r(
            'W23',
            'Maintenance page',
            0,
            p('A maintenance page shall list operating hours and due calibrations, sorted by date.'),
            { parents: ['Y21'], tags: ['Later', 'Demonstration'] },
          ),
        ],
      },
      {
        name: 'Records and safety',
        acronym: 'REC',
        requirements: [
          r(
            'W16',
            'Time-series store',
            1,
            p('Measurements shall be stored once a minute (averages) in a time-series table, kept 400 days.'),
            { parents: ['Y14'], tags: ['1.1', 'Analysis'] },
          ),
          r(
            'W17',
            'Settings in flash',
            2,
            p('Settings shall be written to flash memory on every change, in two copies.'),
            { parents: ['Y15'], tags: ['1.0', 'Inspection'] },
          ),
          r(
            'W18',
            'Watchdog',
            3,
            p('A hardware watchdog shall restart the controller when the control loop stalls for 2 s.'),
            { parents: ['Y15'], tags: ['1.0', 'Test'] },
          ),
          r('W19', 'Cabinet probe', 0, p('The software shall read the cabinet probe and raise an alarm above 50 °C.'), {
            parents: ['Y18'],
            tags: ['Later', 'Test'],
          }),
          r(
            'W20',
            'Audit log',
            0,
            p('Every manual command shall be written to an audit log with the user and the time.') +
              p('<em>No system requirement asks for it yet.</em>'),
            { tags: ['Later', 'Inspection'] },
          ),
          r(
            'W24',
            'Vent supervision',
            1,
            p(
              'The software shall time every vent movement and raise an alarm when an end stop is not reached within 120 s.',
            ),
            { parents: ['Y22', 'Y11'], tags: ['1.0', 'Test'] },
          ),
        ],
      },
    ],
  },
];

/** A parent changed after its links were made: the links to its children turn stale (the traceability colours). */
export const DEMO_STALE_CHANGE = {
  key: 'Y8',
  description:
    p(
      'A zone shall be watered at its scheduled times, skipped when its soil is wet enough, and watered early when it is too dry.',
    ) + p('<strong>Changed:</strong> a zone shall never be watered for more than 30 minutes in a row.'),
};

/** `on`: the project, a document (`doc:` and its key) or a requirement (its key). */
export const DEMO_COMMENTS: { on: string; content: string }[] = [
  { on: 'project', content: 'Welcome! This project was made by seed:demo. Open the System requirements to start.' },
  { on: 'doc:SYS', content: 'Priorities were agreed with the growers on the last workshop.' },
  { on: 'Y2', content: 'Should the pre-dawn set point be part of the recipe, or a fixed offset?' },
  {
    on: 'Y8',
    content: 'Changed after the water audit: the 30-minute limit is new. Its software children need a review.',
  },
  { on: 'W2', content: 'The thresholds come from the probe datasheets.' },
];

/**
 * A test with steps (decisions §16, §17), shown to users with the alpha flag: in the software document, a child of
 * the system requirement it verifies, in the sensors' category.
 */
export const DEMO_TEST = {
  category: 'SEN',
  parent: 'Y1',
  name: 'Probe readings reach the climate loop',
  description: p('Checks that a change of air temperature at a probe is read and used by the climate loop.'),
  initialConditions:
    p('The controller runs the <strong>1.0</strong> software, with one probe on the bus and the heating off.') +
    ul('Zone 1 set point: 20 °C', 'Probe 1 in still air at the room temperature'),
  steps: [
    { description: 'Open the climate page of zone 1.', expectedResult: '' },
    {
      description: 'Read the air temperature shown.',
      expectedResult: 'It is within 0.5 °C of a reference thermometer.',
    },
    { description: 'Warm the probe by hand for 30 s.', expectedResult: 'The shown temperature rises within 5 s.' },
    { description: 'Lower the set point to 15 °C.', expectedResult: 'The vents open within one control period.' },
  ],
};
