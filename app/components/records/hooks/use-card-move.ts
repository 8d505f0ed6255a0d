/** A board card's move as a mutation: the module's save, rolled back on the board when it fails. */
import { useMutation } from "@tanstack/react-query";

export function useCardMove<Item, C extends string>(opts: {
  onMove: (item: Item, to: C) => Promise<unknown>;
  onSettled?: (item: Item) => void;
  /** Puts the card back where the data has it. */
  rollBack: (item: Item) => void;
}) {
  const { onMove, onSettled, rollBack } = opts;
  return useMutation({
    mutationFn: ({ item, to }: { item: Item; to: C }) => onMove(item, to),
    onError: (_err, { item }) => rollBack(item),
    onSettled: (_data, _err, { item }) => onSettled?.(item),
    meta: { errorTitle: "Could not move the card" },
  });
}
