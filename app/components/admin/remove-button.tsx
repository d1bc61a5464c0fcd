import { Trash2 } from "lucide-react";
import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { Tooltip } from "~/components/ui/tooltip";
import { useFocusAfterRemoval } from "~/components/ui/use-focus-after-removal";

/**
 * The bin icon button of the admin lists: a tooltip, and a name that says what goes. Once its row
 * has gone, the focus moves to the next row's bin (useFocusAfterRemoval).
 */
export function RemoveButton({ tooltip, label, onClick }: { tooltip: string; label: string; onClick: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusAfterRemoval(ref);
  return (
    <Tooltip label={tooltip}>
      <Button
        ref={ref}
        variant="ghost"
        size="icon"
        className="text-destructive hover:bg-red-50"
        aria-label={label}
        onClick={onClick}
        data-removal-target="remove"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </Tooltip>
  );
}
