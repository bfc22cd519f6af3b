/** One line or bar of a chart: the row field it plots, its name and its colour. */
export interface ChartSeries<Row> {
  key: keyof Row & string;
  label: string;
  colour: string;
}

/** Colours that keep 3:1 contrast with both themes' backgrounds and tell apart side by side. */
export const SERIES_COLOURS = ['#2563eb', '#ea580c', '#16a34a', '#9333ea', '#be123c'] as const;
