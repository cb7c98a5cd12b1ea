import { useEffect, useState } from 'react';
import { loadedQualityEngine, loadQualityEngine, type QualityEngine } from './qualityEngine';

/** The quality engine, or null while its chunk loads. */
export function useQualityEngine(): QualityEngine | null {
  const [engine, setEngine] = useState(loadedQualityEngine);
  useEffect(() => {
    if (engine) return;
    let live = true;
    void loadQualityEngine().then((loaded) => live && setEngine(() => loaded));
    return () => {
      live = false;
    };
  }, [engine]);
  return engine;
}
