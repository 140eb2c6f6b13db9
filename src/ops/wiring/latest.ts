// A form's flow is built once, but what it works on (the record, the screen's reload) comes from the latest
// render, as a machine provided anew on each render would have it.
import { useEffect, useRef, type RefObject } from 'react';

export function useLatest<Value>(value: Value): RefObject<Value> {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
