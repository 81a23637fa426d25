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
import { CHANNEL_COLOURS, type ChannelLabel } from '../../shared/constants';

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

/** The hue (0–360) of '#rrggbb'. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return Math.round((h * 60 + 360) % 360);
}

/** A strong colour of the same hue as a pale one: the pastel channel colours as lines and borders. */
export function strongOf(hex: string): string {
  return `hsl(${hue(hex)}, 70%, 38%)`;
}

/**
 * The colour of the `index`-th series called `label`: Facebook, Whatsapp and Web keep their SPEC §9
 * colours (#CDE1FB, #DCF3E6, #E7D5F8) as the fill, with a darker stroke of the same hue so a line
 * of that pale colour still shows; anything else takes the palette in order.
 */
export function seriesColour(label: string, index: number): SeriesColour {
  if (isChannel(label)) {
    const base = CHANNEL_COLOURS[label];
    return { fill: base, stroke: strongOf(base) };
  }
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
