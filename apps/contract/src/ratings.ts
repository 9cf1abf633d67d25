/** GIPHY's ratings, mildest first: a module of its own, without zod, so the web app's bundle can take it. */
export const RATINGS = ['g', 'pg', 'pg-13', 'r'] as const;
export type Rating = (typeof RATINGS)[number];

/** How mature a rating is, 0 for `g`: what `gifs.rating_rank` holds (migration 001) and listings filter by. */
export const ratingRank = (rating: Rating): number => RATINGS.indexOf(rating);
