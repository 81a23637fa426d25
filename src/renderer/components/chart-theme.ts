import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Title,
  Tooltip
} from 'chart.js';
import { clampChroma, formatHex, oklch } from 'culori';
import { CHANNEL_COLOURS, type ChannelLabel } from '../../shared/constants';
import { AGENT_STATUS_LABELS, INTEGRATION_STATUS_LABELS, NOTIFICATION_STATUS_LABELS } from '../../shared/labels';

/** The one Chart.js set-up of the app: the pieces the analytics charts draw with, Spanish number formats. */
// The generic <Chart type> of react-chartjs-2 registers nothing itself: the controllers are needed too.
ChartJS.register(LineController, BarController, DoughnutController, CategoryScale, LinearScale, PointElement, LineElement, BarElement, ArcElement, Title, Tooltip, Legend, Filler);
ChartJS.defaults.locale = 'es-CO';
ChartJS.defaults.font.family = "'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', sans-serif";
ChartJS.defaults.color = '#424242';
ChartJS.defaults.plugins.title.font = { size: 16, weight: 'bold' };

/** Series that are not channels: distinct hues that read on white (and in the legend). */
const PALETTE = ['#0F6CBD', '#C50F1F', '#107C10', '#8764B8', '#CA5010', '#038387', '#986F0B', '#E3008C', '#4F6BED', '#637CEF'];

export interface SeriesColour {
  /** Fill: the SPEC §9 channel colour for a channel, else the palette colour, translucent. */
  fill: string;
  /** Lines, bar borders, legend: the same hue, dark enough to see on white. */
  stroke: string;
}

function isChannel(label: string): label is ChannelLabel {
  return Object.hasOwn(CHANNEL_COLOURS, label);
}

/**
 * A strong colour of the same hue as a pale one: the pastel channel colours as lines and borders.
 * In OKLCH, so the lightness is what the eye sees whatever the hue (≥ 7:1 on white for the three).
 */
export function strongOf(hex: string): string {
  const colour = oklch(hex);
  if (!colour) return hex;
  return formatHex(clampChroma({ ...colour, l: 0.45, c: Math.max(colour.c, 0.13) }, 'oklch'));
}

const GREEN: SeriesColour = { fill: '#9FD89F', stroke: '#107C10' };
const AMBER: SeriesColour = { fill: '#FFD56A', stroke: '#8A5D00' };
const GREY: SeriesColour = { fill: '#D1D1D1', stroke: '#616161' };
const RED: SeriesColour = { fill: '#EEACB2', stroke: '#C50F1F' };

/**
 * Categories whose colour says what they mean wherever they are charted: the agent's states
 * (Conectado green, Pausa amber, Desconectado grey) and the outcomes of deliveries and calls.
 */
const MEANING_COLOURS: ReadonlyMap<string, SeriesColour> = new Map([
  [AGENT_STATUS_LABELS.CONECTADO, GREEN],
  [AGENT_STATUS_LABELS.PAUSA, AMBER],
  [AGENT_STATUS_LABELS.DESCONECTADO, GREY],
  [NOTIFICATION_STATUS_LABELS.ENVIADA, GREEN],
  [NOTIFICATION_STATUS_LABELS.FALLIDA, RED],
  [NOTIFICATION_STATUS_LABELS.SUPRIMIDA, AMBER],
  [INTEGRATION_STATUS_LABELS.success, GREEN],
  [INTEGRATION_STATUS_LABELS.failed, RED]
]);

/**
 * The colour of the `index`-th series called `label`: Facebook, Whatsapp and Web keep their SPEC §9
 * colours (#CDE1FB, #DCF3E6, #E7D5F8) as the fill, with a darker stroke of the same hue so a line
 * of that pale colour still shows; states and outcomes take the colour of their meaning; anything
 * else takes the palette in order.
 */
export function seriesColour(label: string, index: number): SeriesColour {
  if (isChannel(label)) {
    const base = CHANNEL_COLOURS[label];
    return { fill: base, stroke: strongOf(base) };
  }
  const meaning = MEANING_COLOURS.get(label);
  if (meaning) return meaning;
  const base = PALETTE[index % PALETTE.length] as string;
  return { fill: `${base}B3`, stroke: base };
}

/** Fills the canvas white before drawing, so a saved PNG is not transparent. */
export const whiteBackground = {
  id: 'atiendeWhiteBackground',
  beforeDraw(chart: ChartJS) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  }
};

/**
 * The chart as a PNG data URL, with its title drawn on top (on screen the panel's heading says it,
 * a saved image must say it itself).
 */
export function chartImage(chart: Pick<ChartJS, 'toBase64Image'> & Partial<Pick<ChartJS, 'options' | 'update'>>, title: string): string {
  const options = chart.options?.plugins?.title;
  if (!options || !chart.update) return chart.toBase64Image('image/png', 1);
  const { display, text } = options;
  options.display = true;
  options.text = title;
  chart.update('none');
  try {
    return chart.toBase64Image('image/png', 1);
  } finally {
    options.display = display;
    options.text = text;
    chart.update('none');
  }
}

export { ChartJS };
