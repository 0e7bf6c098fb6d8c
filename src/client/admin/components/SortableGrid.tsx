import { HolderOutlined } from "@ant-design/icons";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Button, Card, Col, Row, type ColProps } from "antd";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { A } from "../text";

const R = A.reorder;

/**
 * A card grid staff arrange by dragging (services, team members, testimonials): each card has a handle
 * that picks it up with the mouse or a finger, or from the keyboard (space or enter, the arrow keys,
 * space or enter again; escape cancels), with the moves told to screen readers in the clinic's words
 * (@dnd-kit, as antd's own sortable examples use). The new order shows at once and `onMove` saves it
 * (the whole list's ids, first to last); a refused save puts the cards back. `locked` (a search or a
 * filter narrows the list) shows the cards without handles.
 */
export function SortableGrid<T extends { id: number }>({
  items,
  columns,
  name,
  onMove,
  locked,
  empty,
  card,
}: {
  items: readonly T[];
  columns: ColProps;
  /** The card's name, as the handle and the announcements say it. */
  name: (item: T) => string;
  onMove: (ids: number[]) => Promise<boolean>;
  locked?: boolean;
  empty?: ReactNode;
  /** A card, given the handle to show in it (null when locked). */
  card: (item: T, handle: ReactNode) => ReactNode;
}) {
  const [order, setOrder] = useState<number[]>(() => items.map((item) => item.id));
  useEffect(() => setOrder(items.map((item) => item.id)), [items]);
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const shown = order.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: UniqueIdentifier) => {
    const item = byId.get(Number(id));
    return item ? name(item) : "";
  };
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : order.indexOf(Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => R.picked(nameOf(active.id), position(active.id), order.length),
    // Over its own place (at once, as it is picked up) says nothing new: "Picked up" stays to be read.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id ? R.over(nameOf(active.id), position(over.id), order.length) : undefined,
    onDragEnd: ({ active, over }) => (over ? R.dropped(nameOf(active.id), position(over.id), order.length) : undefined),
    onDragCancel: ({ active }) => R.cancelled(nameOf(active.id)),
  };

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const before = order;
    const next = arrayMove(order, order.indexOf(Number(active.id)), order.indexOf(Number(over.id)));
    setOrder(next);
    if (!(await onMove(next))) setOrder(before);
  };

  if (items.length === 0 && empty) return <Card>{empty}</Card>;
  if (locked) {
    return (
      <Row gutter={[16, 16]} align="stretch">
        {shown.map((item) => (
          <Col key={item.id} xs={24} {...columns}>
            {card(item, null)}
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={(event) => void onDragEnd(event)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: R.instructions } }}
    >
      <SortableContext items={order} strategy={rectSortingStrategy}>
        <Row gutter={[16, 16]} align="stretch" data-testid="sortable-grid">
          {shown.map((item) => (
            <SortableCol key={item.id} id={item.id} columns={columns} label={R.handle(name(item))}>
              {(handle) => card(item, handle)}
            </SortableCol>
          ))}
        </Row>
      </SortableContext>
    </DndContext>
  );
}

/** One card's column, moved as it is dragged, and its handle. */
function SortableCol({
  id,
  columns,
  label,
  children,
}: {
  id: number;
  columns: ColProps;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <Button
      ref={setActivatorNodeRef}
      type="text"
      icon={<HolderOutlined />}
      aria-label={label}
      title={label}
      data-testid="drag-handle"
      style={{ cursor: isDragging ? "grabbing" : "grab", touchAction: "none" }}
      {...attributes}
      {...listeners}
    />
  );
  return (
    <Col
      ref={setNodeRef}
      xs={24}
      {...columns}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
      data-testid="sortable-item"
    >
      {children(handle)}
    </Col>
  );
}
