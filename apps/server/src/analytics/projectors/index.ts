import { apiUsageProjector } from './api-usage.ts';
import { countsProjector } from './counts.ts';
import { gifActionsProjector } from './gif-actions.ts';
import { dailyProjector } from './daily.ts';
import { pageViewsProjector } from './page-views.ts';
import type { Projector } from './projector.ts';
import { searchesProjector } from './searches.ts';
import { trendingGifsProjector } from './trending-gifs.ts';

/** Every projector the runner keeps up to date and replay rebuilds. */
export const PROJECTORS: readonly Projector[] = [
  countsProjector,
  dailyProjector,
  trendingGifsProjector,
  searchesProjector,
  pageViewsProjector,
  gifActionsProjector,
  apiUsageProjector,
];
