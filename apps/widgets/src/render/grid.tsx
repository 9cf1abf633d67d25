import { Grid, type GridProps } from '../grid/Grid.tsx';
import { mount, type Unmount } from './mount.tsx';

/** For pages without React: mounts a Grid into `element` and returns its unmount function. */
export const renderGrid = (props: GridProps, element: Element): Unmount => mount(<Grid {...props} />, element);
