import { Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Tooltip } from "~/components/ui/tooltip";

/** The bin icon button of the admin lists: a tooltip, and a name that says what goes. */
export function RemoveButton({ tooltip, label, onClick }: { tooltip: string; label: string; onClick: () => void }) {
  return (
    <Tooltip label={tooltip}>
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:bg-red-50"
        aria-label={label}
        onClick={onClick}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </Tooltip>
  );
}
