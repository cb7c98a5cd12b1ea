import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { Center, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ScreenLoader } from '../../components/ScreenLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { useProject } from '../projects/useProject';
import { MapSidePanels } from './MapSidePanels';
import { SynaepticMap } from './SynaepticMap';
import { SynaepticToolbar } from './SynaepticToolbar';
import { GuidedTour } from '../tours/GuidedTour';
import { synaepticTour } from '../tours/synaepticTour';
import { layoutMap } from './logic/mapLayout';
import { inactiveSets, traceOf, type MapElement } from './logic/trace';
import { clampZoom } from './logic/viewport';
import { useMapData } from './useMapData';
import { useOpenDescriptions } from './useOpenDescriptions';
import { useSynaepticSettings } from './useSynaepticSettings';
import classes from './SynaepticMap.module.css';

/** The element of a `synaeptic/:elementView/:elementId` address; anything else shows the whole project. */
function elementOf(view: string | undefined, id: string | undefined): MapElement {
  const number = Number(id);
  if (!Number.isSafeInteger(number) || number <= 0) return { view: 'project' };
  if (view === 'document' || view === 'category' || view === 'requirement') return { view, id: number };
  return { view: 'project' };
}

/**
 * The synaeptic view (spec 2, decisions §18): the project's traceability as a map, full screen, with its toolbars
 * and side tabs. The address says which element is selected; its trace stands out and the rest is dimmed (or
 * hidden). The layout is computed here once per change of data, selection or display option, never on a pan.
 */
export function SynaepticScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project } = useProject();
  const { elementView, elementId } = useParams();
  const element = useMemo(() => elementOf(elementView, elementId), [elementView, elementId]);
  const data = useMapData(project.id);
  const [settings, updateSettings] = useSynaepticSettings();
  const [openDescriptions, setOpenDescriptions] = useState<ReadonlySet<number>>(new Set());
  usePageTitle(`${t('project.views.synaeptic')} · ${project.name}`);

  const traceData = useMemo(
    () => ({ documents: data.documents ?? [], requirements: data.requirements }),
    [data.documents, data.requirements],
  );
  const trace = useMemo(() => traceOf(element, traceData), [element, traceData]);
  const inactive = useMemo(() => inactiveSets(trace, traceData), [trace, traceData]);
  const descriptions = useOpenDescriptions(project.id, openDescriptions);
  const unstacked = useMemo(() => new Set(element.view === 'requirement' ? [element.id] : []), [element]);
  const layout = useMemo(
    () =>
      layoutMap(
        { documents: data.documents ?? [], requirements: data.byDocument },
        {
          fontSize: settings.fontSize,
          overlapping: settings.overlapping,
          overlappingOffset: settings.overlappingOffset,
          hidden: settings.hideInactive ? inactive : null,
          unstacked,
          descriptions,
        },
      ),
    [
      data.documents,
      data.byDocument,
      settings.fontSize,
      settings.overlapping,
      settings.overlappingOffset,
      settings.hideInactive,
      inactive,
      unstacked,
      descriptions,
    ],
  );

  const base = `/project/${project.namespace}/${project.slug}`;
  const hrefOf = useCallback(
    (view: 'document' | 'requirement', id: number) => `${base}/synaeptic/${view}/${id}`,
    [base],
  );
  const onOpenRequirements = useCallback(
    (documentId: number) => void navigate(`${base}/detailed/document/${documentId}`),
    [base, navigate],
  );
  // The first click selects a requirement (its address); a click on the selected one opens or closes its description.
  const onRequirementClick = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, id: number) => {
      if (element.view !== 'requirement' || element.id !== id) return;
      if (event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      setOpenDescriptions((open) => {
        const next = new Set(open);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    },
    [element],
  );
  const onZoom = useCallback((zoom: number) => updateSettings({ zoom: clampZoom(zoom) }), [updateSettings]);
  const revealKey = `${element.view}-${'id' in element ? element.id : ''}-${settings.hideInactive}-${settings.overlapping}`;

  if (!data.documents) return <ScreenLoader />;
  return (
    <MapSidePanels
      element={element}
      documents={data.documents}
      requirement={element.view === 'requirement' ? data.requirements.get(element.id) : undefined}
    >
      <VisuallyHidden component="h1">{t('synaeptic.heading', { name: project.name })}</VisuallyHidden>
      <GuidedTour tour={synaepticTour} />
      <div className={classes.screen}>
        <SynaepticToolbar settings={settings} onZoom={onZoom} onChange={updateSettings} />
        <SynaepticMap
          layout={layout}
          trace={trace}
          inactive={inactive}
          element={element}
          settings={settings}
          revealKey={revealKey}
          onZoom={onZoom}
          hrefOf={hrefOf}
          onRequirementClick={onRequirementClick}
          onOpenRequirements={onOpenRequirements}
        />
        {data.documents.length === 0 ? (
          <Center className={classes.empty}>
            <Text c="dimmed">{t('synaeptic.empty')}</Text>
          </Center>
        ) : null}
      </div>
    </MapSidePanels>
  );
}
